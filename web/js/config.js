// What the build chose for this site (sitebuild/site.py rewrites this file in dist/:
// `python build.py --stun URL`). As it is in web/: no STUN server, so the page offers none.
export const STUN = null;
