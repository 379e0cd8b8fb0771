// Public face of the inbound stage: the URLs a build published, the ones a later build removed, the redirects
// proposed for them, and a deployed server checked against what the build expects.
export { inboundCodes } from './codes.js';
export { checkInbound, cachedListFile, REMOVED_PAGES_MODES, type RemovedPagesMode, type InboundOptions, type InboundResult } from './check.js';
export { PUBLISHED_FILE, publishedList, writePublished, readSinceFile, type PublishedEntry, type PublishedList, type CurrentPage } from './published.js';
export { proposeTargets, SIMILAR_HIGH, SIMILAR_MEDIUM, type Proposal, type ProposalMethod, type Confidence } from './propose.js';
export { proposalsYaml, scalar as yamlScalar } from './yaml.js';
export { retargets, applyRetargets, type Retarget } from './retarget.js';
export { pageShingles, jaccard, shingles, pageWords } from './similarity.js';
export { verifyDeploy, deployOrigin, type VerifyDeployOptions, type DeployProblem } from './verify-deploy.js';
export { planRequests, expectAnswer, servedTree, PROBE_QUERY, type ExpectedAnswer, type VerifySource } from './verify-plan.js';
