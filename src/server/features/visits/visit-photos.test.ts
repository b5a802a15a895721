import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '../../core/realtime-bus';
import { mailOutbox, notifications, storedFiles } from '../../db/schema';
import { DB_KINDS } from '../../test/harness';
import { signedInCaregiver } from '../../test/sign-in';
import { jpegPhoto, multipart, windowsExecutable } from '../../test/uploads';
import type { Person } from '../circles/testing';
import { useVisitWorld } from './testing';

/**
 * Photo entries of the visit log (issue 19): the caregiver uploads through the image pipeline (type from the
 * bytes, re-encoded, no EXIF), once per clientId; those who read the log fetch the image, nobody else.
 */
describe.each(DB_KINDS)('visit photos on %s', (kind) => {
  const { t, w, db, visit, cid, post, entriesOf } = useVisitWorld(kind);
  const P = w.people;
  const heard: RealtimeEnvelope[] = [];
  let stopListening: () => Promise<void>;
  beforeAll(async () => {
    stopListening = await t.database.listen(REALTIME_CHANNEL, (p) => heard.push(JSON.parse(p)));
  });
  afterAll(async () => stopListening?.());

  const upload = (who: Person | undefined, id: number, fields: Record<string, string>, data?: Buffer) => {
    const body = multipart(
      data ? { field: 'file', filename: 'IMG_0001.jpg', contentType: 'image/jpeg', data } : null,
      fields,
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/log/photo`,
      headers: { ...(who?.headers ?? {}), ...body.headers },
      payload: body.payload,
    });
  };
  const photoOf = (who: Person | undefined, id: number, entryId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/bookings/${id}/log/${entryId}/photo`,
      headers: who?.headers ?? {},
    });
  const storedPhotos = () => db().select().from(storedFiles).where(like(storedFiles.key, 'visit-photos/%'));

  /** A circle visit, checked in by its caregiver. */
  async function checkedIn() {
    const v = await visit({ circle: true });
    w.clock = v.at(0);
    expect((await post(v.cg, v.id, 'check-in', { clientId: cid() })).statusCode).toBe(201);
    return v;
  }

  it('stores the caregiver’s photo re-encoded without EXIF, at most 1600 px; the entry holds no URL or key', async () => {
    const v = await checkedIn();
    const before = (await storedPhotos()).length;
    const res = await upload(
      v.cg,
      v.id,
      { clientId: cid(), caption: ' Lunch on the verandah ' },
      await jpegPhoto(3200, 2400),
    );
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({
      kind: 'photo',
      details: { caption: 'Lunch on the verandah', width: 1600, height: 1200 },
      locationAccuracyM: null,
    });
    expect(res.body).not.toMatch(/visit-photos|\/api\//);
    expect((await storedPhotos()).length).toBe(before + 1);

    const image = await photoOf(v.cg, v.id, entry.id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    // Live like a note: the entry alone, and no notice or e-mail.
    await vi.waitFor(() => {
      const live = heard.filter((h) => h.event.type === 'visit_log' && h.event.bookingId === v.id);
      expect(live.map((h) => h.event.type === 'visit_log' && h.event.entry?.kind)).toEqual([
        'check_in',
        'photo',
      ]);
      expect(JSON.stringify(live[1])).not.toMatch(/visit-photos|\/photo/);
    });
    const notes = await db().select().from(notifications);
    expect(notes.filter((n) => /photo/i.test(n.body))).toHaveLength(0);
    const mails = await db().select().from(mailOutbox);
    expect(mails.filter((m) => /photo/i.test(`${m.subject} ${m.text}`))).toHaveLength(0);
  });

  it('answers a replayed clientId with the first entry and stores nothing new', async () => {
    const v = await checkedIn();
    const clientId = cid();
    const photo = await jpegPhoto(400, 300);
    const first = await upload(v.cg, v.id, { clientId }, photo);
    expect(first.statusCode).toBe(201);
    const stored = (await storedPhotos()).length;
    const again = await upload(v.cg, v.id, { clientId, caption: 'Another' }, photo);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().details).toEqual({ width: 400, height: 300 });
    expect((await storedPhotos()).length).toBe(stored);
    expect((await entriesOf(v.id)).filter((e) => e.kind === 'photo')).toHaveLength(1);
    // The same clientId as another kind is a conflict, not a second entry.
    const note = await post(v.cg, v.id, 'log', { clientId, kind: 'note', text: 'x' });
    expect(note.statusCode).toBe(409);
  });

  it('refuses a non-image, an oversize file, no file and a long caption with a clear 4xx; stores nothing', async () => {
    const v = await checkedIn();
    const stored = (await storedPhotos()).length;
    const exe = await upload(v.cg, v.id, { clientId: cid() }, windowsExecutable());
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('A visit photo must be a JPEG, PNG or WebP image.');
    const text = await upload(v.cg, v.id, { clientId: cid() }, Buffer.from('just some words, not a picture'));
    expect(text.statusCode).toBe(415);
    const broken = Buffer.concat([(await jpegPhoto(200, 200)).subarray(0, 400)]);
    expect((await upload(v.cg, v.id, { clientId: cid() }, broken)).statusCode).toBe(415);
    const big = Buffer.concat([await jpegPhoto(100, 100), Buffer.alloc(8 * 1024 * 1024)]);
    const tooBig = await upload(v.cg, v.id, { clientId: cid() }, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is too large. The limit is 8 MB.');
    const none = await upload(v.cg, v.id, { clientId: cid() });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Choose a file to upload (field 'file').");
    const long = await upload(
      v.cg,
      v.id,
      { clientId: cid(), caption: 'x'.repeat(201) },
      await jpegPhoto(50, 50),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('caption is at most 200 characters');
    const noId = await upload(v.cg, v.id, {}, await jpegPhoto(50, 50));
    expect(noId.statusCode).toBe(400);
    expect((await storedPhotos()).length).toBe(stored);
    expect((await entriesOf(v.id)).filter((e) => e.kind === 'photo')).toHaveLength(0);
  });

  it('takes photos only from the booking’s caregiver, in the log’s window', async () => {
    const v = await visit({ circle: true });
    w.clock = v.at(0);
    const photo = await jpegPhoto(60, 60);
    // Before check-in the log is not open.
    const early = await upload(v.cg, v.id, { clientId: cid() }, photo);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Check in first.');
    await post(v.cg, v.id, 'check-in', { clientId: cid() });
    const other = await signedInCaregiver(db());
    expect((await upload(undefined, v.id, { clientId: cid() }, photo)).statusCode).toBe(401);
    expect((await upload(P.coordinator, v.id, { clientId: cid() }, photo)).statusCode).toBe(403);
    expect((await upload(P.viewer, v.id, { clientId: cid() }, photo)).statusCode).toBe(403);
    expect((await upload(P.stranger, v.id, { clientId: cid() }, photo)).statusCode).toBe(403);
    expect((await upload(other, v.id, { clientId: cid() }, photo)).statusCode).toBe(404);
    expect((await upload(other, 999_999, { clientId: cid() }, photo)).statusCode).toBe(404);
    // The family of a booking without a circle cannot upload either.
    const own = await visit();
    w.clock = own.at(0);
    await post(own.cg, own.id, 'check-in', { clientId: cid() });
    expect((await upload(P.family, own.id, { clientId: cid() }, photo)).statusCode).toBe(403);
    expect((await entriesOf(v.id)).filter((e) => e.kind === 'photo')).toHaveLength(0);
    // One hour after check-out the log is closed.
    await post(own.cg, own.id, 'check-out', { clientId: cid() });
    w.clock = new Date(own.at(0).getTime() + 61 * 60_000);
    expect((await upload(own.cg, own.id, { clientId: cid() }, photo)).statusCode).toBe(409);
  });

  it('serves the image to those who read the log (family, circle viewer, admin, caregiver); 404 to others', async () => {
    const v = await checkedIn();
    const res = await upload(v.cg, v.id, { clientId: cid() }, await jpegPhoto(80, 60));
    const entryId = res.json().id as number;
    for (const who of [P.coordinator, P.viewer, P.payer, P.admin, v.cg]) {
      const image = await photoOf(who, v.id, entryId);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
    const other = await signedInCaregiver(db());
    for (const who of [P.stranger, P.family, other]) {
      const refused = await photoOf(who, v.id, entryId);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await photoOf(undefined, v.id, entryId)).statusCode).toBe(401);
    // Not a photo, another booking's path, an unknown entry: 404.
    const note = await post(v.cg, v.id, 'log', { clientId: cid(), kind: 'note', text: 'Fine' });
    expect((await photoOf(P.admin, v.id, note.json().id)).statusCode).toBe(404);
    const own = await visit();
    expect((await photoOf(P.admin, own.id, entryId)).statusCode).toBe(404);
    expect((await photoOf(P.admin, v.id, 999_999)).statusCode).toBe(404);
    expect((await photoOf(P.admin, v.id, 0)).statusCode).toBe(400);
  });
});
