import { notifications } from '@mantine/notifications';
import type { Contact, ContactStage } from '@crm/common';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { useQuery } from '../../../lib/load/use-query';
import { i18n } from '../../../i18n';
import { contactsApi, lookupsApi } from '../api';
import { alertText, withReason } from './alerts';
import { dealFormFrom, detailsFormFrom, rowsWithoutProduct, toUpdateRequest, type DealForm, type DetailsForm, type ShippingChoice } from './deal-form';

export type ProfileLoad = { kind: 'loading' } | { kind: 'not-found' } | { kind: 'not-yours'; message: string } | { kind: 'error'; message: string } | { kind: 'ready'; contact: Contact };

/**
 * One contact's profile: the contact as the server has it, the forms the user edits (details and,
 * for a sale, the deal), whether they differ from the saved copy, and the actions (save, move to
 * another stage, delete) with their success and failure alerts. The page only draws it.
 */
export function useContactProfile(id: string) {
  const [state, setState] = useState<ProfileLoad>({ kind: 'loading' });
  const [details, setDetails] = useState<DetailsForm | null>(null);
  const [deal, setDeal] = useState<DealForm | null>(null);
  const [saved, setSaved] = useState<{ details: DetailsForm; deal: DealForm } | null>(null);
  const [rowErrors, setRowErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  /** The server's copy replaces what is shown; `keepDetails` keeps unsaved contact details (stage moves). */
  const adopt = useCallback((contact: Contact, keepDetails = false) => {
    const nextDeal = dealFormFrom(contact);
    const nextDetails = detailsFormFrom(contact);
    setState({ kind: 'ready', contact });
    setDeal(nextDeal);
    setDetails((current) => (keepDetails && current ? current : nextDetails));
    setSaved((current) => ({ details: keepDetails && current ? current.details : nextDetails, deal: nextDeal }));
    setRowErrors([]);
  }, []);

  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    contactsApi.get(id).then(
      (contact) => alive && adopt(contact),
      (error) => {
        if (!alive) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return setState({ kind: 'not-found' });
        // A colleague's (or nobody's) contact: say so, in the user's language.
        if (error instanceof ApiError && (error.code === 'contact.assigned_elsewhere' || error.code === 'contact.unassigned')) {
          return setState({ kind: 'not-yours', message: errorMessage(error, 'contacts:profile.notYours') });
        }
        const message = withReason(i18n.t('contacts:profile.alerts.loadFailed'), error);
        setState({ kind: 'error', message });
        notifications.show({ color: 'red', message: alertText(message) });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, adopt]);

  const contact = state.kind === 'ready' ? state.contact : null;
  const isSales = contact?.stage === 'sales';

  // Without the list the deal still shows its own company; nothing else to say.
  const shipping = useQuery(() => lookupsApi.shippingCompanies(), [], { enabled: isSales, errorText: () => '' });

  // A company on the deal that is not in the list any more still shows by name.
  const companies = useMemo((): ShippingChoice[] => {
    const listed = shipping.data?.items ?? [];
    const current = contact?.salesData.shippingDetails.company;
    return current && !listed.some((c) => c._id === current._id) ? [current, ...listed] : listed;
  }, [contact, shipping.data]);

  const dirty = useMemo(() => {
    if (!saved || !details || !deal) return false;
    return JSON.stringify(saved.details) !== JSON.stringify(details) || (isSales && JSON.stringify(saved.deal) !== JSON.stringify(deal));
  }, [saved, details, deal, isSales]);

  /** Saves details and deal together; 'incomplete' when deal rows still lack a product (nothing is sent). */
  const save = async (): Promise<'saved' | 'failed' | 'incomplete'> => {
    if (!contact || !details || !deal) return 'failed';
    const missing = isSales ? rowsWithoutProduct(deal) : [];
    setRowErrors(missing);
    if (missing.length > 0) {
      notifications.show({ color: 'red', message: alertText(i18n.t('contacts:profile.alerts.chooseProducts')) });
      return 'incomplete';
    }
    setBusy(true);
    try {
      adopt(await contactsApi.update(contact._id, toUpdateRequest(details, isSales ? deal : null)));
      notifications.show({ color: 'green', message: alertText(i18n.t('contacts:profile.alerts.saved')) });
      return 'saved';
    } catch (error) {
      notifications.show({ color: 'red', message: alertText(withReason(i18n.t('contacts:profile.alerts.saveFailed'), error)) });
      return 'failed';
    } finally {
      setBusy(false);
    }
  };

  /** Moves the contact to another stage; unsaved contact details stay on screen. */
  const changeStage = async (to: ContactStage): Promise<void> => {
    if (!contact) return;
    setBusy(true);
    try {
      adopt(await contactsApi.changeStage(contact._id, to), true);
      notifications.show({ color: 'green', message: alertText(i18n.t('contacts:profile.alerts.stageChanged')) });
    } catch (error) {
      notifications.show({ color: 'red', message: alertText(withReason(i18n.t('contacts:profile.alerts.stageFailed'), error)) });
    } finally {
      setBusy(false);
    }
  };

  /** Deletes the contact; true when it is gone (the page leaves), busy until then. */
  const remove = async (): Promise<boolean> => {
    if (!contact) return false;
    setBusy(true);
    try {
      await contactsApi.remove(contact._id);
      notifications.show({ color: 'green', message: alertText(i18n.t('contacts:profile.alerts.deleted')) });
      return true;
    } catch (error) {
      notifications.show({ color: 'red', message: alertText(withReason(i18n.t('contacts:profile.alerts.deleteFailed'), error)) });
      setBusy(false);
      return false;
    }
  };

  return { state, contact, isSales, details, setDetails, deal, setDeal, rowErrors, busy, companies, dirty, save, changeStage, remove };
}
