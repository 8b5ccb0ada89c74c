// `npm run lint`: ESLint (no warning allowed) and Prettier's check, in two lanes at once. ESLint
// runs as two processes, the web app's files in one and everything else in the other, rather
// than one process with `--concurrency 2`: each of its workers built the type information of
// every project, and the two halves need only their own. Prettier follows the web app's half,
// the shorter. On a 2-core machine: 101 s in all, against 122 s for ESLint with
// `--concurrency 2` and Prettier after it.
import { binPath, runInLanes } from './lanes.mjs';

const eslint = binPath('eslint');
const WEB = 'apps/web';

const passed = await runInLanes(
  [
    { label: `eslint ${WEB}`, script: eslint, args: [WEB, '--max-warnings', '0'] },
    {
      label: `eslint (all but ${WEB})`,
      script: eslint,
      args: ['.', '--ignore-pattern', `${WEB}/**`, '--max-warnings', '0'],
    },
    { label: 'prettier --check', script: binPath('prettier'), args: ['--check', '.'] },
  ],
  2,
);
process.exit(passed ? 0 : 1);
