import { configure } from '@testing-library/react';

// Screens load lazily: a module graph compiled on its first import takes seconds when the machine
// is busy, past testing-library's 1 s default wait.
configure({ asyncUtilTimeout: 10_000 });
