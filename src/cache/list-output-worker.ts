// Checks the output against the listing the last build recorded, on a thread of its own (recordedListingAside):
// a stat of every file and folder, tens of thousands at 10,000 pages, beside the main thread's fingerprint.
import { parentPort, workerData } from 'node:worker_threads';
import { checkRecorded, type ListJob } from './output-stamp.js';

// (the listing as one string: a structured clone of tens of thousands of pairs costs more than parsing it again)
parentPort!.postMessage(checkRecorded(workerData as ListJob));
