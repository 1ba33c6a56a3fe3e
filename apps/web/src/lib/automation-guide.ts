/**
 * One line under each automation screen's title (issue 28): what it is for, and when another
 * screen fits better. Five words overlap for a new owner — ジャーニー, エピソード, フォロー,
 * トリガー, 前日リマインド — so the lines are written together here, and docs/glossary.md says
 * the same.
 */
export const AUTOMATION_GUIDE = {
  journey:
    'ジャーニーは、入口（タグ・友だち追加・予約・セグメントなど）から、待ち時間と分岐のある流れに友だちを進めます。予約の前後に決まった順で送るだけならエピソード、外部システムの合図で一度動かすならトリガーを使います。',
  episode:
    'エピソードは予約に合わせて（予約時・来店日の前後）、フォローは友だち追加や来店の後に、テンプレートを順に送ります。前日のリマインドだけなら予約設定の「前日にリマインドを送る」、条件で分かれる流れはジャーニーを使います。',
  trigger:
    'トリガーは、外部システム（レジ、予約サイト、フォームなど）からイベントが届くと、そのイベント名のトリガーのアクション（タグ付け・メッセージ送信など）を友だちに一度だけ実行します。時間をかけた流れにはジャーニーを使います。',
  follow:
    '友だち追加の直後に一度だけ、あいさつメッセージとアクションを実行します。数日かけて順に送るならフォロー（エピソード一覧）やジャーニーを使います。',
  remindDayBefore:
    '確定した予約のお客様に、来店日の前日の指定した時刻（日本時間）に、予約の日時とコースをLINEでお送りします。来店後のお礼など、ほかの時期に送るものはエピソード一覧で設定します。',
} as const;
