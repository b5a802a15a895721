// my-profile: what a signed-in user edits of their own (caregiver profile, onboarding, account, photo).
import type { z } from 'zod';
import type { PublicUser } from '../../../shared/contracts/auth';
import type { UpdateMeRequest } from '../../../shared/contracts/caregiver-profile';
import type { FileStorage } from '../../adapters/storage';
import { toPublicUser } from '../../core/public-user';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { accountRepo } from './account-repo';
import { deleteProfilePhoto, photoKeyOf, photoUrl, storeProfilePhoto } from './photos';
import { placeOf } from './place';

type UpdateMeInput = z.output<typeof UpdateMeRequest>;

/** Every user's own account details (name, phone, town) and profile photo. */
export function createAccountService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  return {
    async updateMe(userId: number, input: UpdateMeInput): Promise<PublicUser> {
      const { location, ...rest } = input;
      const user = await db.transaction((tx) =>
        accountRepo.updateUser(tx, userId, { ...rest, ...placeOf(location) }),
      );
      if (!user) throw notFound('Account not found');
      return toPublicUser(user);
    },

    async setPhoto(userId: number, buffer: Buffer, sniffedType: string | undefined) {
      const before = await accountRepo.findUser(db, userId);
      const { large, small, ms } = await storeProfilePhoto(storage, userId, buffer, sniffedType);
      await db.transaction((tx) => accountRepo.updateUser(tx, userId, { profileImageUrl: photoUrl(large) }));
      await deleteProfilePhoto(storage, before?.profileImageUrl ?? null);
      return { profileImageUrl: photoUrl(large), thumbnailUrl: photoUrl(small), ms };
    },

    /** A stored profile photo by its file name (public: photo names are unguessable). */
    async photo(file: string): Promise<Buffer> {
      const key = photoKeyOf(file);
      const body = key ? await storage.get(key) : undefined;
      if (!body) throw notFound('Photo not found');
      return body;
    },
  };
}
