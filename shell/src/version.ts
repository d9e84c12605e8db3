/** The shell's version, sent with every REST call. */
export const SHELL_VERSION = '0.1.0';
