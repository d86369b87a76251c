/** Leak suite for fab: see `suite.ts`. */
import { leakSuite } from './suite.js';

leakSuite('fab', 3);
