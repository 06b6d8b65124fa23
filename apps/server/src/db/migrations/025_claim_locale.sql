-- The language a claim was filed in (decision 0089): its SMS and e-mails go out in it. Claims filed
-- before it was recorded were filed in English.
ALTER TABLE claims ADD COLUMN locale text NOT NULL DEFAULT 'en';
-- Who a message is from, as its claim's company names it (the SMS sender name or the e-mail From);
-- null sends it from the server's settings.
ALTER TABLE notifications ADD COLUMN sender text;
