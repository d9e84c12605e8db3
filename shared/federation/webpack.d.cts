// Types of webpack.cjs for the TypeScript that reads it (its test).
import type { Configuration } from 'webpack';

export interface SharedModule {
  singleton: boolean;
  strictVersion: boolean;
  eager: boolean;
  /** The version the app was built with (its installed package). */
  version: string;
  /** The semver range it needs from whoever provides the module. */
  requiredVersion: string;
}

export function shared(options: { dir: string; eager: boolean }): Record<string, SharedModule>;
export function builtDescriptor(dir: string): Record<string, unknown>;
export function remoteWebpackConfig(options: { dir: string; mode: string }): Configuration;
export function hostWebpackConfig(options: { dir: string; mode: string; extraPlugins?: unknown[] }): Configuration;
