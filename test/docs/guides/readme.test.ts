import { describeGuide } from '../guide-runner.js';

describeGuide('README.md');
