// The async boundary lets Module Federation set up the shared scope before any shared module is evaluated.
void import('./bootstrap');
