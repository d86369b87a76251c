import { describeGuide } from '../guide-runner.js';

describeGuide('docs/frontend.md');
