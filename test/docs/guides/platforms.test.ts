import { describeGuide } from '../guide-runner.js';

describeGuide('docs/platforms.md');
