/** A Redis URL fit for logs and error messages: the password (and a user name) are replaced by "***". */
export function redisUrlForLogs(redisUrl: string): string {
  try {
    const url = new URL(redisUrl);
    if (url.password) url.password = '***';
    if (url.username && url.username !== 'default') url.username = '***';
    return url.toString();
  } catch {
    return 'redis (unparseable URL)';
  }
}
