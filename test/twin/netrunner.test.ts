/** The twin-world non-interference property for netrunner (see `twin.ts`). */
import { twinSuite } from './twin.js';

twinSuite('netrunner', 2);
