import { useState } from 'react';
import { ConfirmDialog, Dialog, OkAlertDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { CatalogueSection, Sample } from './sample';

export function DialogSamples() {
  const toast = useToast();
  const [alert, setAlert] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <CatalogueSection id="catalogue-dialogs" title="ダイアログとトースト">
      <Sample title="OKアラート（幅480px）">
        <button type="button" className="btn" onClick={() => setAlert(true)}>
          OKアラートを開く
        </button>
        <OkAlertDialog open={alert} message="登録しました" onClose={() => setAlert(false)} />
      </Sample>
      <Sample title="確認ダイアログ">
        <button type="button" className="btn" onClick={() => setConfirm(true)}>
          確認ダイアログを開く
        </button>
        <ConfirmDialog
          open={confirm}
          title="削除の確認"
          message="このコースを削除しますか？"
          confirmLabel="削除する"
          onConfirm={() => {
            setConfirm(false);
            toast.success('削除しました');
          }}
          onCancel={() => setConfirm(false)}
        />
      </Sample>
      <Sample title="重なるモーダル（下へスワイプで閉じる）">
        <button type="button" className="btn" onClick={() => setOuter(true)}>
          モーダルを開く
        </button>
        <Dialog open={outer} title="予約の詳細" onClose={() => setOuter(false)} swipeToClose>
          <p>下へスワイプ（高さの10%以上、または300ミリ秒以内）でも閉じます。</p>
          <div className="dialog__actions">
            <button type="button" className="btn" onClick={() => setInner(true)}>
              もう1枚開く
            </button>
            <button type="button" className="btn btn--primary" onClick={() => setOuter(false)}>
              閉じる
            </button>
          </div>
          <Dialog open={inner} title="2枚目のモーダル" onClose={() => setInner(false)} swipeToClose>
            <p>z-index は 1000 + 2 × 重なり順 です。</p>
            <div className="dialog__actions">
              <button type="button" className="btn btn--primary" onClick={() => setInner(false)}>
                閉じる
              </button>
            </div>
          </Dialog>
        </Dialog>
      </Sample>
      <Sample title="トースト（3秒で閉じる）">
        <div className="ui-catalogue__row">
          <button type="button" className="btn" onClick={() => toast.success('保存しました')}>
            成功トースト
          </button>
          <button type="button" className="btn" onClick={() => toast.error('送信失敗')}>
            エラートースト
          </button>
        </div>
      </Sample>
    </CatalogueSection>
  );
}
