import { describe, expect, it } from "vitest";
import { ConnectionTestFailure, type FailureContext, describeConnectionError, formatSeconds } from "./connection-failures.ts";

/** The words for driver errors the local servers cannot be made to produce. */

const postgres: FailureContext = { engine: "PostgreSQL", host: "db.example.com", port: 5432, database: "erp", username: "reader", password: "S3cret!pw", timeoutMs: 10_000 };
const mysql: FailureContext = { ...postgres, engine: "MySQL", port: 3306 };
const fail = (code: string, message = "driver message") => Object.assign(new Error(message), { code });

describe("describeConnectionError", () => {
  it("puts PostgreSQL's refusals in words", () => {
    expect(describeConnectionError(fail("28P01"), postgres)).toBe("The server refused the user name or password");
    expect(describeConnectionError(fail("3D000"), postgres)).toBe('Database "erp" does not exist');
    expect(describeConnectionError(fail("42501"), postgres)).toBe('User "reader" may not connect to database "erp"');
    expect(describeConnectionError(fail("28000", 'no pg_hba.conf entry for host "1.2.3.4", user "reader", database "erp", no encryption'), postgres)).toBe(
      'The server does not accept connections from the portal for user "reader" and database "erp". Try turning on Use SSL.',
    );
    expect(describeConnectionError(new Error("Connection terminated due to connection timeout"), postgres)).toBe("No answer from db.example.com:5432 within 10 seconds");
    expect(describeConnectionError(new Error("SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a non-empty string"), postgres)).toBe(
      "The server asks for a password: enter one",
    );
    expect(describeConnectionError(new Error("Connection terminated unexpectedly"), postgres)).toBe("db.example.com:5432 closed the connection. Is it a PostgreSQL server?");
  });

  it("puts MySQL's and the network's refusals in words", () => {
    expect(describeConnectionError(fail("ER_ACCESS_DENIED_ERROR"), mysql)).toBe("The server refused the user name or password");
    expect(describeConnectionError(fail("ER_SECURE_TRANSPORT_REQUIRED"), mysql)).toBe("The server accepts only SSL connections. Turn on Use SSL.");
    expect(describeConnectionError(fail("ETIMEDOUT"), mysql)).toBe("No answer from db.example.com:3306 within 10 seconds");
    expect(describeConnectionError(fail("EHOSTUNREACH"), mysql)).toBe("db.example.com:3306 cannot be reached from the portal");
    expect(describeConnectionError(fail("EAI_AGAIN"), mysql)).toMatch(/^The name "db.example.com" could not be looked up right now/);
    expect(describeConnectionError(fail("ERR_SSL_WRONG_VERSION_NUMBER"), mysql)).toBe("The SSL handshake with db.example.com:3306 failed");
  });

  it("passes on messages written for the user as they are", () => {
    expect(describeConnectionError(new ConnectionTestFailure("Already in words"), postgres)).toBe("Already in words");
  });

  it("passes anything else on without the password, control characters or excess length", () => {
    const message = describeConnectionError(new Error(`odd failure for S3cret!pw\nwith\u0007detail ${"x".repeat(400)}`), postgres);
    expect(message).toMatch(/^Could not connect to db\.example\.com:5432: odd failure for \[password\] with detail x+…$/);
    expect(message).not.toContain("S3cret!pw");
    expect(message.length).toBeLessThan(400);
    expect(describeConnectionError("not an error", { ...postgres, password: undefined })).toBe("Could not connect to db.example.com:5432: not an error");
  });
});

describe("formatSeconds", () => {
  it("writes whole and fractional seconds", () => {
    expect(formatSeconds(10_000)).toBe("10 seconds");
    expect(formatSeconds(1_000)).toBe("1 second");
    expect(formatSeconds(500)).toBe("0.5 seconds");
  });
});
