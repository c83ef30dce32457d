import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { isCalendarDay } from '@crm/common';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { monthStartDay, todayDay } from '../lib/format';

export interface DayRange {
  from: string | null;
  to: string | null;
}

interface DateRangeFilterProps extends DayRange {
  onChange: (range: DayRange) => void;
  /** 'From Date' / 'To Date' on Leads, 'From' / 'To' (the default) elsewhere: translated texts. */
  fromLabel?: string;
  toLabel?: string;
  /** 'Month' on Leads, 'This Month' elsewhere. */
  monthLabel?: string;
}

/** Days are typed or picked as YYYY-MM-DD: one unambiguous spelling in every locale. */
const parseDay = (text: string): string | null => {
  const value = text.trim();
  return isCalendarDay(value) ? value : null;
};

/**
 * From / To days plus the quick filters: Today sets both to today; Month runs from the first of
 * the month to today. Days are the user's calendar days.
 */
export function DateRangeFilter({ from, to, onChange, fromLabel, toLabel, monthLabel }: DateRangeFilterProps) {
  const { t } = useTranslation('common');
  const today = todayDay();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateInput
        size="sm"
        label={fromLabel ?? t('dates.from')}
        placeholder={t('dates.dayPlaceholder')}
        valueFormat="YYYY-MM-DD"
        dateParser={parseDay}
        value={from}
        onChange={(value) => onChange({ from: value, to })}
        maxDate={to ?? undefined}
        clearable
        leftSection={<CalendarDays size={16} aria-hidden />}
        w={160}
      />
      <DateInput
        size="sm"
        label={toLabel ?? t('dates.to')}
        placeholder={t('dates.dayPlaceholder')}
        valueFormat="YYYY-MM-DD"
        dateParser={parseDay}
        value={to}
        onChange={(value) => onChange({ from, to: value })}
        minDate={from ?? undefined}
        clearable
        leftSection={<CalendarDays size={16} aria-hidden />}
        w={160}
      />
      <Button size="sm" variant="default" onClick={() => onChange({ from: today, to: today })}>
        {t('dates.today')}
      </Button>
      <Button size="sm" variant="default" onClick={() => onChange({ from: monthStartDay(), to: today })}>
        {monthLabel ?? t('dates.thisMonth')}
      </Button>
    </Group>
  );
}
