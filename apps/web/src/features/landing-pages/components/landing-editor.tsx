import { Puck, type Data } from '@puckeditor/core';
import type { LandingChoices } from '@tsunagu/contracts';
import { useMemo } from 'react';
// Puck's styles without their @import of a web font from rsms.me: the console's CSP allows
// our own styles only, and a blocked import fails the chunk's CSS preload (the editor errored).
import '@puckeditor/core/no-external.css';
import { puckConfigFor } from './puck-config';
import { puckDictionary } from './puck-dictionary';

/** The visual editor (Puck, decision 0344) with a phone preview 390 px wide. */
export function LandingEditor({
  data,
  choices,
  onChange,
}: {
  data: Data;
  choices: LandingChoices;
  onChange: (data: Data) => void;
}) {
  const config = useMemo(() => puckConfigFor(choices), [choices]);
  return (
    <div className="lp-editor">
      <Puck
        config={config}
        data={data}
        onChange={onChange}
        headerTitle="ページの内容"
        dictionary={puckDictionary}
        viewports={[{ width: 390, height: 'auto', label: 'スマホ' }]}
        iframe={{ enabled: false }}
        overrides={{ headerActions: () => <></> }}
      />
    </div>
  );
}
