import { PageHeader } from '@/ui/page-header';
import type { PageProps } from '../../route-handle';
import { DialogSamples } from './dialog-samples';
import { FieldSamples } from './field-samples';
import { PickerSamples } from './picker-samples';
import { TableSamples } from './table-samples';
import './ui-catalogue.css';

/**
 * Every shared interface element in its states (issue 3), so a designer or tester can try them
 * without a feature screen. Owners only outside development builds (route-gate.tsx).
 */
export function UiCataloguePage({ title }: PageProps) {
  return (
    <section className="page ui-catalogue">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'トップ', to: '/' },
          { label: '開発者向け', href: '#catalogue-fields' },
          { label: title },
        ]}
        manualPath="tel"
      />
      <p className="text-muted">
        共通部品の見本です。ページヘッダーの「マニュアル」は、ビルド時に VITE_MANUAL_ROOT
        が設定されているときだけ表示されます。
      </p>
      <FieldSamples />
      <PickerSamples />
      <TableSamples />
      <DialogSamples />
    </section>
  );
}
