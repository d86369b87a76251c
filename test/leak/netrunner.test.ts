/** Leak suite for netrunner: see `suite.ts`. */
import { leakSuite } from './suite.js';

leakSuite('netrunner', 2);
