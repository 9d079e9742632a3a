import Testing
import Wire

/// `session.create`'s `date`: parsing against values computed by hand, and the round trip.
@Suite struct ISO8601Tests {
    @Test func parsesUTCAndOffsets() throws {
        // 2026-11-23: 56 years of 365 days + 14 leap days (1972-2024) + 326 days of 2026 before Nov 23 (304 + 22).
        let days = 56 * 365 + 14 + 326
        let utc = try #require(ISO8601.parse("2026-11-23T14:05:00Z"))
        #expect(utc.epochSeconds == Double(days * 86_400 + 14 * 3600 + 5 * 60))
        #expect(utc.utcOffsetSeconds == 0)
        let beijing = try #require(ISO8601.parse("2026-11-23T22:05:00+08:00"))
        #expect(beijing.epochSeconds == utc.epochSeconds)
        #expect(beijing.utcOffsetSeconds == 8 * 3600)
        let west = try #require(ISO8601.parse("2026-11-23 09:05-05:00"))
        #expect(west.epochSeconds == utc.epochSeconds)
        #expect(try #require(ISO8601.parse("1970-01-01T00:00:00.250Z")).epochSeconds == 0.25)
    }

    @Test func refusesWhatIsNotADate() {
        for text in [
            "", "2026-11-23", "2026-13-01T00:00Z", "2026-02-29T00:00Z", "2026-11-23T24:00Z", "2026-11-23T10:00",
            "2026-11-23T10:00Zjunk", "26-11-23T10:00Z", "2026-11-23T10:00+8", "2026-11-23T10:00:00.Z",
        ] {
            #expect(ISO8601.parse(text) == nil, "\(text)")
        }
        #expect(ISO8601.parse("2024-02-29T00:00Z") != nil)
    }

    @Test func formatRoundTrips() throws {
        for text in [
            "2026-11-23T14:05:00Z", "2026-11-23T22:05:00+08:00", "1969-12-31T23:59:59Z", "2000-02-29T12:00:00-03:30",
        ] {
            let parsed = try #require(ISO8601.parse(text))
            #expect(
                ISO8601.format(epochSeconds: parsed.epochSeconds, utcOffsetSeconds: parsed.utcOffsetSeconds) == text)
        }
    }
}
