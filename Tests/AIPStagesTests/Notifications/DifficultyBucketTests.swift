import AIPStages
import Testing

@Suite("Difficulty bucket")
struct DifficultyBucketTests {
    @Test("the app's cascade, type first, then hours_notice", arguments: [
        (NotificationType?.some(.h24), Int?.none, DifficultyBucket.h24),
        (.h24, 48, .h24),
        (.notAvailable, nil, .difficult),
        (.onRequest, nil, .moderate),
        (.businessDay, 6, .hassle),
        (.asADHours, nil, .easy),
        (.hours, nil, .easy),
        (nil, nil, .unknown),
        (nil, 12, .easy),
        (.hours, 1, .easy),
        (.hours, 12, .easy),
        (.hours, 13, .moderate),
        (.hours, 24, .moderate),
        (.hours, 25, .hassle),
        (.hours, 48, .hassle),
        (.hours, 49, .difficult),
        (.hours, 168, .difficult),
    ])
    func cascade(type: NotificationType?, hours: Int?, bucket: DifficultyBucket) {
        #expect(DifficultyBucket(type: type, hoursNotice: hours) == bucket)
    }

    @Test("parsed texts land in the bucket a pilot expects")
    func parsed() {
        #expect(DifficultyBucket(NotificationParser.parse("H24")) == .h24)
        #expect(DifficultyBucket(NotificationParser.parse("PPR 72 HR")) == .difficult)
        #expect(DifficultyBucket(NotificationParser.parse("PN last working day before 1500")) == .hassle)
        #expect(DifficultyBucket(NotificationParser.parse("0800-1800")) == .easy)
        #expect(DifficultyBucket(NotificationParser.parse("see AD 2.20")) == .unknown)
    }
}
