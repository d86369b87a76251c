/** Leak suite for netrunner (issue #5): see `suite.ts`. */
import { leakSuite } from './suite.js';

leakSuite('netrunner', 2);
