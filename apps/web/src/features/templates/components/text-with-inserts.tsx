import { useState } from 'react';
import { useInsertables } from '@/lib/reference-store';
import { InsertAliasMenu } from '@/ui/insert-alias';
import { TextArea } from '@/ui/text-field';
import { WritingHelp } from './writing-help';

/** 差し込み for a text: the friend's values, loaded when the menu first opens (REF-14). */
export function TextWithInserts(props: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  rows?: number;
  /** 「AIで文を作る」 under the text (text messages; issue 31). */
  writingHelp?: boolean;
  onChange: (text: string) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const { groups, loading } = useInsertables(wanted);
  return (
    <div className="field">
      <div className="template-message__label">
        <label htmlFor={props.id}>{props.label}</label>
        <InsertAliasMenu
          targetId={props.id}
          value={props.value}
          onChange={props.onChange}
          groups={groups}
          loading={loading}
          onOpen={() => setWanted(true)}
        />
      </div>
      <TextArea
        id={props.id}
        value={props.value}
        maxLength={props.maxLength}
        rows={props.rows ?? 4}
        onChange={props.onChange}
      />
      {props.writingHelp ? <WritingHelp onAccept={props.onChange} /> : null}
    </div>
  );
}
