// `npm run bench`: every benchmark, each against a baseline measured in the same run.
import { benchAuth } from './auth';
import { benchBundle } from './bundle';
import { benchPdfLoad } from './pdf-load';
import { benchPlaces } from './places';
import { benchVisits } from './visits';

const results = [
  benchBundle(),
  await benchPdfLoad(),
  await benchAuth(),
  await benchPlaces(),
  await benchVisits(),
];
const failed = results.filter((ok) => !ok).length;
console.log(failed === 0 ? '\nAll budgets met.' : `\n${failed} budget(s) missed.`);
process.exitCode = failed === 0 ? 0 : 1;
