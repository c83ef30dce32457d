import '@mantine/dates/styles.css';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { dayIn, instantAt, isCalendarDay, isWithinSendingHours, type SendingSettings } from '@crm/common';
import { CalendarDays, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type CampaignSchedule = { when: 'now' | 'later'; day: string | null; time: string };

/** The company's clock as the wizard needs it (Settings → Sending). */
export type CompanyClock = Pick<SendingSettings, 'timeZone' | 'sendingHours'>;

const TIME = /^\d{2}:\d{2}$/;

/** The instant a "later" schedule names on the company's clock; null for "now", undefined while it is incomplete. */
export function scheduledInstant(schedule: CampaignSchedule, clock: CompanyClock): Date | null | undefined {
  if (schedule.when === 'now') return null;
  if (!schedule.day || !TIME.test(schedule.time)) return undefined;
  return instantAt(schedule.day, schedule.time, clock.timeZone);
}

/**
 * When a campaign starts: now, or at a date and time picked on the company's clock (its time zone,
 * whatever the computer's own), with the sending hours it keeps to said beside it.
 */
export function CampaignScheduleField({ value, onChange, clock }: { value: CampaignSchedule; onChange: (next: CampaignSchedule) => void; clock: CompanyClock }) {
  const { t } = useTranslation('campaigns');
  const at = scheduledInstant(value, clock);
  const outsideHours = at && !isWithinSendingHours(at, clock.sendingHours, clock.timeZone);
  const hours = { from: clock.sendingHours.from, to: clock.sendingHours.to, zone: clock.timeZone };
  return (
    <Stack gap="xs">
      <Radio.Group label={t('wizard.when')} value={value.when} onChange={(when) => onChange({ ...value, when: when as CampaignSchedule['when'] })}>
        <Group mt="xs">
          <Radio value="now" label={t('wizard.now')} />
          <Radio value="later" label={t('wizard.later')} />
        </Group>
      </Radio.Group>
      {value.when === 'later' && (
        <Group grow align="flex-start">
          <DateInput
            label={t('wizard.date')}
            valueFormat="YYYY-MM-DD"
            dateParser={(text) => (isCalendarDay(text.trim()) ? text.trim() : null)}
            minDate={dayIn(new Date(), clock.timeZone)}
            value={value.day}
            onChange={(day) => onChange({ ...value, day })}
            leftSection={<CalendarDays size={16} aria-hidden />}
          />
          <TimeInput label={t('wizard.time')} value={value.time} onChange={(e) => onChange({ ...value, time: e.currentTarget.value })} leftSection={<Clock size={16} aria-hidden />} />
        </Group>
      )}
      <Text size="xs" c="dimmed" data-testid="campaign-hours">
        {value.when === 'later' && <>{t('wizard.zoneHint', { zone: clock.timeZone })} </>}
        {t('wizard.hoursHint', hours)}
      </Text>
      {outsideHours && (
        <Text size="xs" c="orange">
          {t('wizard.outsideHours', { from: clock.sendingHours.from })}
        </Text>
      )}
    </Stack>
  );
}
