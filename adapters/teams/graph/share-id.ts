/**
 * Graph's "sharing id" for a file URL: `u!` + the URL in unpadded base64url (Graph's shares API
 * documents this encoding for turning any SharePoint/OneDrive URL into a driveItem address).
 */
export function shareIdFor(url: string): string {
  return `u!${Buffer.from(url, 'utf8').toString('base64url')}`;
}
