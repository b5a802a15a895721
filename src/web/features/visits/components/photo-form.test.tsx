// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { PHOTO_OFFLINE_TEXT, PhotoForm } from './photo-form';

const picture = (bytes = 10) => new File([new Uint8Array(bytes)], 'IMG_0001.jpg', { type: 'image/jpeg' });

describe('PhotoForm', () => {
  afterEach(cleanup);

  it('offline: says plainly that photos need a connection, and offers no form', () => {
    const onUpload = vi.fn();
    render(<PhotoForm online={false} onUpload={onUpload} />);
    expect(screen.getByText(PHOTO_OFFLINE_TEXT)).toBeTruthy();
    expect(screen.queryByLabelText('Photo')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('online: a camera-ready image input and a caption, sent at once; the form is cleared after', async () => {
    const onUpload = vi.fn().mockResolvedValue({});
    render(<PhotoForm online onUpload={onUpload} />);
    const input = screen.getByLabelText('Photo') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');

    fireEvent.click(screen.getByRole('button', { name: 'Add the photo' }));
    expect(await screen.findByText('Choose a photo first.')).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();

    const file = picture();
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Caption (optional)'), { target: { value: 'Reading together' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the photo' }));
    await waitFor(() => expect(onUpload).toHaveBeenCalledWith(file, 'Reading together'));
    expect(await screen.findByText('The photo was added to the log.')).toBeTruthy();
    expect((screen.getByLabelText('Caption (optional)') as HTMLInputElement).value).toBe('');
  });

  it('refuses a file over 8 MB before sending, and shows the server’s reason when it refuses', async () => {
    const onUpload = vi.fn().mockRejectedValue(
      new ApiError(415, 'A visit photo must be a JPEG, PNG or WebP image.', undefined, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    );
    render(<PhotoForm online onUpload={onUpload} />);
    const input = screen.getByLabelText('Photo');
    fireEvent.change(input, { target: { files: [picture(8 * 1024 * 1024 + 1)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the photo' }));
    expect(await screen.findByText('The photo is too large. The limit is 8 MB.')).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { files: [picture()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the photo' }));
    expect(await screen.findByText('A visit photo must be a JPEG, PNG or WebP image.')).toBeTruthy();
  });
});
