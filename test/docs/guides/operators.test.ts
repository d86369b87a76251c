import { describeGuide } from '../guide-runner.js';

describeGuide('docs/operators.md');
