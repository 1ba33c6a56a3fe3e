import { useState } from 'react';
import { Select, type SelectOption } from '@/ui/select';
import { TextArea, TextBox } from '@/ui/text-field';
import { CatalogueSection, Sample } from './sample';

const SHOPS: SelectOption<number>[] = [
  { value: 1, name: 'あおば店' },
  { value: 2, name: 'さくら店' },
  { value: 3, name: 'さつき店' },
  { value: 4, name: 'くるみ店' },
  { value: 5, name: 'すみれ店' },
  ...Array.from({ length: 15 }, (_, index) => ({ value: 10 + index, name: `支店${index + 1}` })),
];

export function FieldSamples() {
  const [name, setName] = useState('');
  const [entered, setEntered] = useState<string | null>(null);
  const [limited, setLimited] = useState('ご来店ありがとうございました');
  const [memo, setMemo] = useState('');
  const [shop, setShop] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number | null>(2);
  return (
    <CatalogueSection id="catalogue-fields" title="テキスト入力とセレクト">
      <Sample title="テキストボックス（Enter で enter イベント、変換中は無視）">
        <TextBox
          aria-label="お名前"
          placeholder="お名前"
          value={name}
          onChange={setName}
          onEnter={setEntered}
        />
        <p className="ui-catalogue__event" aria-live="polite">
          {entered === null ? 'enter イベント: まだありません' : `enter イベント: 「${entered}」`}
        </p>
      </Sample>
      <Sample title="テキストボックス（上限10文字・超過）">
        <TextBox aria-label="件名" value={limited} onChange={setLimited} maxLength={10} />
      </Sample>
      <Sample title="テキストエリア（上限200文字）">
        <TextArea aria-label="メモ" value={memo} onChange={setMemo} maxLength={200} />
      </Sample>
      <Sample title="テキストボックス（無効）">
        <TextBox aria-label="ログインID" value="demo" onChange={() => {}} disabled />
      </Sample>
      <Sample title="セレクト（未選択）">
        <Select label="店舗" options={SHOPS} value={shop} onChange={setShop} />
      </Sample>
      <Sample title="セレクト（選択済み）">
        <Select label="担当店舗" options={SHOPS} value={chosen} onChange={setChosen} />
      </Sample>
      <Sample title="セレクト（読み込み中）">
        <Select label="スタッフ" options={[]} value={null} onChange={() => {}} loading />
      </Sample>
      <Sample title="セレクト（無効）">
        <Select label="コース" options={SHOPS} value={1} onChange={() => {}} disabled />
      </Sample>
    </CatalogueSection>
  );
}
