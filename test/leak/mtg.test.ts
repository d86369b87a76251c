/** Leak suite for mtg: see `suite.ts`. */
import { leakSuite } from './suite.js';

leakSuite('mtg', 3);
