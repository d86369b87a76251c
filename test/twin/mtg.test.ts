/** The twin-world non-interference property for mtg (see `twin.ts`). */
import { twinSuite } from './twin.js';

twinSuite('mtg', 3);
