/// The en-route tables: waypoints and flight information regions (euro_aip 0.13).
extension AirportsContract {
    /// `waypoints`: named points, upper-case names. 0.13 turned the primary key from `name` alone into (`name`,
    /// `source_id`) and added the indexes.
    public enum Waypoints {
        public static let name = ColumnSchema.text("name").notNull
        public static let latitudeDeg = ColumnSchema.real("latitude_deg").within(PhysicalRange.latitude)
        public static let longitudeDeg = ColumnSchema.real("longitude_deg").within(PhysicalRange.longitude)
        public static let pointType = ColumnSchema.text("point_type")
        public static let firCodes = ColumnSchema.text("fir_codes")
        public static let levelAvailability = ColumnSchema.text("level_availability")
        public static let source = SharedColumns.source
        public static let sourceID = ColumnSchema.text("source_id").notNull.defaults("''").since013
        public static let createdAt = SharedColumns.createdAt
        public static let updatedAt = SharedColumns.updatedAt

        public static let table = TableSchema(
            name: "waypoints",
            columns: [name, latitudeDeg, longitudeDeg, pointType, firCodes, levelAvailability, source, sourceID, createdAt, updatedAt],
            primaryKey: [name, sourceID],
            indexes: [
                IndexSchema.on(name, name: "idx_waypoints_name").since013,
                IndexSchema.on(pointType, name: "idx_waypoints_point_type").since013,
                IndexSchema.on(source, name: "idx_waypoints_source").since013,
            ])
    }

    /// `firs`: flight information regions, their polygons as JSON and a bounding box for lookups.
    public enum FIRs {
        public static let icao = ColumnSchema.text("icao").notNull.primaryKey
        public static let name = ColumnSchema.text("name")
        public static let polygonsJSON = ColumnSchema.text("polygons_json").notNull
        public static let bboxMinLon = ColumnSchema.real("bbox_min_lon").notNull.within(PhysicalRange.longitude)
        public static let bboxMinLat = ColumnSchema.real("bbox_min_lat").notNull.within(PhysicalRange.latitude)
        public static let bboxMaxLon = ColumnSchema.real("bbox_max_lon").notNull.within(PhysicalRange.longitude)
        public static let bboxMaxLat = ColumnSchema.real("bbox_max_lat").notNull.within(PhysicalRange.latitude)
        public static let isOceanic = ColumnSchema.integer("is_oceanic").defaults("0")
        public static let region = ColumnSchema.text("region")
        public static let labelLon = ColumnSchema.real("label_lon").within(PhysicalRange.longitude)
        public static let labelLat = ColumnSchema.real("label_lat").within(PhysicalRange.latitude)
        public static let source = SharedColumns.source
        public static let createdAt = SharedColumns.createdAt
        public static let updatedAt = SharedColumns.updatedAt

        public static let table = TableSchema(
            name: "firs",
            columns: [
                icao, name, polygonsJSON, bboxMinLon, bboxMinLat, bboxMaxLon, bboxMaxLat, isOceanic, region, labelLon, labelLat,
                source, createdAt, updatedAt,
            ],
            indexes: [
                .on(bboxMinLon, bboxMinLat, bboxMaxLon, bboxMaxLat, name: "idx_firs_bbox"),
                .on(source, name: "idx_firs_source"),
            ],
            introduced: .euroAIP013)
    }
}
