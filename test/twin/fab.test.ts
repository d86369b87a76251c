/** The twin-world non-interference property for fab (see `twin.ts`). */
import { twinSuite } from './twin.js';

twinSuite('fab', 3);
