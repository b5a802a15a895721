// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../components/ui/use-toast';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import CaregiverOnboardingPage from './caregiver-onboarding-page';

const carer = makeUser({ userType: 'caregiver', location: 'Portmore', parish: 'St. Catherine' });
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function throughStepOne() {
  await screen.findByRole('heading', { level: 2, name: 'About you' });
  fill('Bio', 'Patient nanny from Portmore.');
  fill('Experience', '6');
  fill('Hourly rate (JMD)', '1500');
  fireEvent.click(screen.getByLabelText('Child care & Nannies'));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Your skills' });
}

describe('CaregiverOnboardingPage', () => {
  it('checks each step, keeps Previous off on step 1, and sends experience as an integer', async () => {
    const { calls } = stubFetch({
      'GET /api/auth/me': { body: carer },
      'GET /api/caregivers/me': { status: 404, body: { message: 'No profile' } },
      'POST /api/caregivers': { status: 201, body: { id: 1 } },
    });
    renderRoute(<CaregiverOnboardingPage />, { path: '/caregiver-onboarding', user: carer });
    await screen.findByRole('heading', { level: 2, name: 'About you' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // The same range as the pricing page's table (src/shared/pricing), not the spec's 1,200-2,500.
    expect(
      screen.getByText(
        'Typical rates in Jamaica: J$ 400–1,500 per hour, depending on the kind of care (see Pricing)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '6-10 years' })).toHaveValue('6');
    expect(screen.getByRole('option', { name: '10+ years' })).toHaveValue('10');
    // The signup town fills in parish and town.
    expect(screen.getByLabelText('Parish')).toHaveValue('St. Catherine');
    expect(screen.getByLabelText('Town')).toHaveValue('Portmore');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Bio is required')).toBeInTheDocument();
    expect(screen.getByText('Experience is required')).toBeInTheDocument();
    expect(screen.getByText('Hourly rate is required')).toBeInTheDocument();

    await throughStepOne();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose at least one skill')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Infant Care'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Certifications & availability' });
    // Issue 32: no self-tick for what verification proves; the step points there instead.
    expect(screen.queryByLabelText('Background Check Completed')).toBeNull();
    expect(screen.queryByLabelText('Reference Verified')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to verification' })).toHaveAttribute(
      'href',
      '/background-check',
    );
    fireEvent.click(screen.getByLabelText('First Aid Certified'));
    fireEvent.click(screen.getByLabelText('Tuesday Evening'));
    fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/caregiver-dashboard'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      bio: 'Patient nanny from Portmore.',
      experience: 6,
      hourlyRate: 1500,
      kinds: ['child-care'],
      parish: 'St. Catherine',
      location: 'Portmore',
      skills: ['Infant Care'],
      certifications: ['First Aid Certified'],
      availability: ['Tuesday Evening'],
    });
    expect(getToasts()[0]).toMatchObject({ title: 'Profile created successfully!' });
    expect(String(getToasts()[0].description)).toMatch(/profile is now live/);
  });

  it('says Profile creation failed when the server refuses', async () => {
    stubFetch({
      'GET /api/auth/me': { body: carer },
      'GET /api/caregivers/me': { status: 404, body: { message: 'No profile' } },
      'POST /api/caregivers': { status: 409, body: { message: 'You already have a caregiver profile.' } },
    });
    renderRoute(<CaregiverOnboardingPage />, { path: '/caregiver-onboarding', user: carer });
    await throughStepOne();
    fireEvent.click(screen.getByLabelText('Pet Care'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create profile' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Profile creation failed',
        description: 'Something went wrong. Please try again.',
        variant: 'destructive',
      }),
    );
  });

  it('restores the saved draft (step and answers) on load and saves the draft on each Next', async () => {
    const draft = {
      step: 1,
      values: {
        bio: 'Nanny from Ocho Rios.',
        experience: '3',
        hourlyRate: '1200',
        kinds: ['child-care'],
        parish: 'St. Ann',
        town: 'Ocho Rios',
        skills: ['Pet Care'],
      },
      savedAt: '2026-11-23T15:00:00.000Z',
    };
    const { calls } = stubFetch({
      'GET /api/auth/me': { body: carer },
      'GET /api/caregivers/me': { status: 404, body: { message: 'No profile' } },
      'GET /api/caregivers/me/onboarding-draft': { body: draft },
      'PUT /api/caregivers/me/onboarding-draft': (call) => ({
        body: { ...(call.body as object), savedAt: '2026-11-23T15:05:00.000Z' },
      }),
    });
    renderRoute(<CaregiverOnboardingPage />, { path: '/caregiver-onboarding', user: carer });
    // Back where the caregiver left off, with the answers given.
    await screen.findByRole('heading', { level: 2, name: 'Your skills' });
    expect(screen.getByText('Step 2 of 3: Your skills')).toBeInTheDocument();
    expect(screen.getByLabelText('Pet Care')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 2, name: 'About you' });
    expect(screen.getByLabelText('Bio')).toHaveValue('Nanny from Ocho Rios.');
    expect(screen.getByLabelText('Town')).toHaveValue('Ocho Rios');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Your skills' });
    fireEvent.click(screen.getByLabelText('Infant Care'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Certifications & availability' });
    await screen.findByText('Progress saved: you can come back to it later.');
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => (c.body as { step: number }).step)).toEqual([1, 2]);
    expect(puts[1].body).toMatchObject({
      step: 2,
      values: { bio: 'Nanny from Ocho Rios.', town: 'Ocho Rios', skills: ['Pet Care', 'Infant Care'] },
    });
  });
});
