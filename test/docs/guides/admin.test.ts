import { describeGuide } from '../guide-runner.js';

describeGuide('docs/admin.md');
