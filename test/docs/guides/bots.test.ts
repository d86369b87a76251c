import { describeGuide } from '../guide-runner.js';

describeGuide('docs/bots.md');
