import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isoWeek, weekMonday } from '../../../streams/dates';
import { useDateSettings } from '../../hooks/dates';
import { Button } from '../../ui/button';
import styles from './date-bar.module.css';

const weekValue = (week: number, year: number) => `${year}-W${String(week).padStart(2, '0')}`;

/**
 * The date settings of SPEC 3: the day and week the board's date ranges and the shipped figure
 * look at. Any other day than today is a manual choice; "Today" follows the calendar again, as
 * the day rollover does at midnight.
 */
export function DateBar() {
  const { t } = useTranslation('dashboard');
  const { settings, dates } = useDateSettings();
  const dayId = useId();
  const weekId = useId();
  const pickDay = (day: string) => {
    if (day) dates.setMode('manual', day);
  };
  const pickWeek = (value: string) => {
    const match = /^(\d{4})-W(\d{2})$/.exec(value);
    if (!match) return;
    const [week, year] = [Number(match[2]), Number(match[1])];
    // a week whose days lie around the selected one keeps that day; another moves to its Monday
    const { week: dayWeek, year: dayYear } = isoWeek(settings.selectedDay);
    if (week !== dayWeek || year !== dayYear) dates.setMode('manual', weekMonday(week, year));
  };
  return (
    <fieldset className={styles.bar} data-mode={settings.mode}>
      <legend className="visually-hidden">{t('dates.legend')}</legend>
      <label htmlFor={dayId}>{t('dates.day')}</label>
      <input
        id={dayId}
        type="date"
        value={settings.selectedDay}
        required
        onChange={(e) => pickDay(e.target.value)}
      />
      <label htmlFor={weekId}>{t('dates.week')}</label>
      <input
        id={weekId}
        type="week"
        value={weekValue(settings.selectedWeek, settings.selectedYear)}
        required
        onChange={(e) => pickWeek(e.target.value)}
      />
      <span className={styles.marks} data-testid="date-marks">
        {settings.isCurrentDay && <span className={styles.mark}>{t('dates.today')}</span>}
        {settings.isCurrentWeek && <span className={styles.mark}>{t('dates.thisWeek')}</span>}
      </span>
      {!settings.isCurrentDay && (
        <Button variant="ghost" className={styles.today} onClick={() => dates.setMode('auto')}>
          {t('dates.backToToday')}
        </Button>
      )}
    </fieldset>
  );
}
