// Types for banner.mjs (plain JavaScript, run by `npm start` without tsx), for server/main.ts and the tests.
export function isLoopbackHost(host: string): boolean;
export function reachableAddresses(host: string, lanAddresses: string[]): string[];
export function listeningLine(o: { host: string; port: number | string; adminPassword: boolean }): string;
export function readyBanner(o: {
  seconds: number;
  install?: number;
  build?: number;
  port: number | string;
  host: string;
  database: string;
  adminPassword: boolean;
  lanAddresses: string[];
}): string;
export function databaseLabel(env: { DATABASE_URL?: string; DB_PATH?: string }): string;
export function localOrigin(host: string, port: number | string): string;
export function healthUrl(host: string, port: number | string): string;
export function notAnsweringLine(o: { url: string; seconds: number }): string;
