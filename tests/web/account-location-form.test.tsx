// The account page's neighbourhood (spec 4, 5 and 7): the postcode is editable only when the
// can-change check answers truthy; while it answers false the postcode is locked, with the date the
// member's own data gives for the lock's end (en-AU).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postcodeLockedMessage } from '../../src/domain';
import { AccountLocationForm } from '../../src/web/features/account/components/account-location-form';
import { canChangePostcodeQueryKey } from '../../src/web/shared/account/account-queries';
import { aMember, fakeServer, renderPage } from './support/fixtures';

const place = { postcode: '3068', state: 'VIC', suburbs: ['Fitzroy North', 'Clifton Hill'], latitude: -37.78, longitude: 144.98 };

describe('the postcode lock on the account page', () => {
  it('locks the postcode while the check answers false, saying when it unlocks', () => {
    fakeServer(() => place);
    const lockedUntil = '2026-12-20T09:00:00.000Z';
    renderPage(<AccountLocationForm user={aMember({ postcodeLockedUntil: lockedUntil })} />, { signedIn: true, data: [[canChangePostcodeQueryKey, false]] });
    expect(screen.getByLabelText('Postcode')).toBeDisabled();
    expect(screen.getByText(new RegExp(postcodeLockedMessage(new Date(lockedUntil)).replace(/[.]/g, '\\.')))).toBeInTheDocument();
  });

  it('lets the postcode change while the check answers true', () => {
    fakeServer(() => place);
    renderPage(<AccountLocationForm user={aMember()} />, { signedIn: true, data: [[canChangePostcodeQueryKey, true]] });
    expect(screen.getByLabelText('Postcode')).toBeEnabled();
    expect(screen.queryByText(/You can change your postcode again/)).toBeNull();
  });
});
