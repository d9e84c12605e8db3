// The jest-dom matchers (toBeInTheDocument, ...) for every test file of the workspace type-check.
/// <reference types="@testing-library/jest-dom" />
