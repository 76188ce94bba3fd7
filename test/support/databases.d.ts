export function adminUrl(url: string): string;
export function databaseName(url: string): string;
export function withDatabase(url: string, name: string): string;
export function createFromTemplate(templateUrl: string, name: string): Promise<string>;
export function dropByPrefix(url: string, prefix: string): Promise<string[]>;
