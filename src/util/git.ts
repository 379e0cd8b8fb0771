// git for the build: its last commit to content/ is an input of the fingerprint (checked before anything else
// loads), and pages are dated from its log (content/git-dates.ts).
import { execFile } from 'node:child_process';

// A user's config must not change what is parsed: no signatures in the log, no pager, no prompts.
const GIT_OPTIONS = ['-c', 'log.showSignature=false', '-c', 'core.pager=cat'];
const ENV = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };

/** Runs git in `dir`; its output, or null when git is missing, fails or `dir` is not in a work tree. */
export function git(dir: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', [...GIT_OPTIONS, '-C', dir, ...args], { env: ENV, maxBuffer: 1024 * 1024 * 1024, windowsHide: true }, (err, stdout) => {
      resolve(err ? null : stdout);
    });
  });
}

/**
 * The last commit that touched anything under `dir` ('' when none did, null without git): when it is unchanged,
 * so is every date readGitDates gives (a commit's id covers its whole history), so a build whose inputs did not
 * change may stop early. Cheap: git stops at the first matching commit.
 */
export async function gitContentHead(dir: string): Promise<string | null> {
  const out = await git(dir, ['log', '-1', '--format=%H', '--', '.']);
  return out === null ? null : out.trim();
}
