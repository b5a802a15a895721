// Shared test set-up: every test runs in Jamaica's time zone, as the product reasons about time there.
process.env.TZ = 'America/Jamaica';
