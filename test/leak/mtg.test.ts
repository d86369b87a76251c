/** Leak suite for mtg (issue #5): see `suite.ts`. */
import { leakSuite } from './suite.js';

leakSuite('mtg', 3);
