import { useState } from 'react';
import { DatePicker } from '@/ui/date-picker';
import { TimePicker } from '@/ui/time-picker';
import { CatalogueSection, Sample } from './sample';

export function PickerSamples() {
  const [date, setDate] = useState('2024-05-01');
  const [bounded, setBounded] = useState('2024-05-15');
  const [fixed, setFixed] = useState('2024-05-01');
  const [time, setTime] = useState('09:30');
  const [seconds, setSeconds] = useState('18:00:00');
  const [required, setRequired] = useState('10:00');
  return (
    <CatalogueSection id="catalogue-pickers" title="日付と時刻">
      <Sample title="日付（入力またはカレンダー）">
        <DatePicker label="予約日" value={date} onChange={setDate} />
        <p className="ui-catalogue__event">値: {date === '' ? '（なし）' : date}</p>
      </Sample>
      <Sample title="日付（2024/05/10〜2024/05/25 のみ）">
        <DatePicker
          label="受付期間内の日付"
          value={bounded}
          onChange={setBounded}
          min="2024-05-10"
          max="2024-05-25"
        />
      </Sample>
      <Sample title="日付（空にできない）">
        <DatePicker label="開始日" value={fixed} onChange={setFixed} clearable={false} />
      </Sample>
      <Sample title="日付（無効）">
        <DatePicker label="登録日" value="2024-04-01" onChange={() => {}} disabled />
      </Sample>
      <Sample title="時刻">
        <TimePicker label="開始時刻" value={time} onChange={setTime} />
        <p className="ui-catalogue__event">値: {time === '' ? '（なし）' : time}</p>
      </Sample>
      <Sample title="時刻（秒つき）">
        <TimePicker label="送信時刻" value={seconds} onChange={setSeconds} withSeconds />
      </Sample>
      <Sample title="時刻（空にすると 00:00）">
        <TimePicker label="終了時刻" value={required} onChange={setRequired} clearable={false} />
      </Sample>
      <Sample title="時刻（無効）">
        <TimePicker label="受付時刻" value="12:00" onChange={() => {}} disabled />
      </Sample>
    </CatalogueSection>
  );
}
