// Lists an output folder on a thread of its own (see listOutputAside): the walk and a stat of every file, tens of
// thousands at 10,000 pages, run beside the main thread's fingerprint and discovery instead of after them.
import { parentPort, workerData } from 'node:worker_threads';
import { listOutput } from './output-stamp.js';

const listing = listOutput(workerData as string);
parentPort!.postMessage(listing ? [...listing.files] : null);
