import { z } from 'zod';

// Validation messages are shown to operators as they are, so zod speaks Japanese on both
// sides. Importing the contracts package is enough to switch it on.
z.config(z.locales.ja());
