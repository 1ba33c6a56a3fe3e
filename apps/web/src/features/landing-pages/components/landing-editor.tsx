import { Puck, type Data } from '@puckeditor/core';
import '@puckeditor/core/puck.css';
import { puckConfig } from './puck-config';

/** The visual editor (Puck, decision 0344) with a phone preview 390 px wide. */
export function LandingEditor({ data, onChange }: { data: Data; onChange: (data: Data) => void }) {
  return (
    <div className="lp-editor">
      <Puck
        config={puckConfig}
        data={data}
        onChange={onChange}
        headerTitle="ページの内容"
        viewports={[{ width: 390, height: 'auto', label: 'スマホ' }]}
        iframe={{ enabled: false }}
        overrides={{ headerActions: () => <></> }}
      />
    </div>
  );
}
