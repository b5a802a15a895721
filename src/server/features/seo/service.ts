import type { Db } from '../../db/client';
import { seoRepo } from './repo';
import { robotsTxt, sitemapXml } from './robots-and-sitemap';

/** What crawlers read at the site root: robots.txt and the sitemap of listed caregivers. */
export function createSeoService(deps: { db: Db; publicUrl: string }) {
  const { db, publicUrl } = deps;
  return {
    robotsTxt: () => robotsTxt(publicUrl),

    async sitemapXml(): Promise<string> {
      return sitemapXml(publicUrl, await seoRepo.listedCaregivers(db));
    },
  };
}
