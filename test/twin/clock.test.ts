/** The twin-world property for mtg games that keep clocks, with clock moves among the actions (`clock.ts`). */
import { twinSuite } from './twin.js';

twinSuite('mtg', 3, 2, { clocks: true });
