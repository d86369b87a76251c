/** Leak suite for fab (issue #5): see `suite.ts`. */
import { leakSuite } from './suite.js';

leakSuite('fab', 3);
