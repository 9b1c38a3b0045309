-- A database written by the first release's server (commit 21eaa6f, before the
-- private, version and seats_version columns): tests/server/test_schema.py opens it.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE tables (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	options JSON NOT NULL, 
	seed INTEGER, 
	seats JSON NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	created FLOAT NOT NULL, 
	updated FLOAT NOT NULL, 
	imported BOOLEAN NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO tables VALUES('qWay-1mDrvH0','pentup','{"players": 2, "scoring": "standard", "teams": false}',1,'[{"kind": "human", "name": "", "level": null, "token_hash": "7c98fbf8e5d20da937ff4e68f759371a427edf930868b3f049dc465239c11eae", "claimed": true, "open": false}, {"kind": "human", "name": "Bob", "level": null, "token_hash": "45aa86f55316ae3625199e63636e1392678d4607ecc295166e9a4604c3d7baee", "claimed": true, "open": false}]','playing',1796495805.9651453494,1796495806.003185749,0);
INSERT INTO tables VALUES('v3GRn5j2xZc0','pentup','{"players": 2, "scoring": "standard", "teams": false}',2,'[{"kind": "human", "name": "", "level": null, "token_hash": "47d24996c043c3f8afcfbaf26bf2beb2513510dcb1e4c9d906d25bdb6b48f881", "claimed": true, "open": false}, {"kind": "computer", "name": "Computer (easy)", "level": "easy", "token_hash": null, "claimed": true, "open": false}]','playing',1796495806.0079450606,1796495806.0488185882,0);
INSERT INTO tables VALUES('GEw5VtrEcCHR','pentup','{"players": 2, "scoring": "standard", "teams": false}',3,'[{"kind": "computer", "name": "Computer (easy)", "level": "easy", "token_hash": null, "claimed": true, "open": false}, {"kind": "computer", "name": "Computer (easy)", "level": "easy", "token_hash": null, "claimed": true, "open": false}]','finished',1796495807.0162754059,1796495807.6931955814,0);
CREATE TABLE moves (
	id INTEGER NOT NULL, 
	table_id VARCHAR(32) NOT NULL, 
	ply INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	text VARCHAR(200) NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (table_id, ply), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO moves VALUES(1,'qWay-1mDrvH0',0,0,'F:0,1;1,0;1,1;1,2;2,0',1796495805.9819781779);
INSERT INTO moves VALUES(2,'qWay-1mDrvH0',1,1,'F:0,-2;1,-3;1,-2;1,-1;2,-3',1796495805.9943549633);
INSERT INTO moves VALUES(3,'qWay-1mDrvH0',2,0,'I:1,-3;1,-2;1,-1;1,0;1,1',1796495806.003185749);
INSERT INTO moves VALUES(4,'v3GRn5j2xZc0',0,0,'F:0,1;1,0;1,1;1,2;2,0',1796495806.0131149291);
INSERT INTO moves VALUES(5,'v3GRn5j2xZc0',1,1,'N:0,2;0,3;1,3;1,4;1,5',1796495806.0488185882);
INSERT INTO moves VALUES(6,'GEw5VtrEcCHR',0,0,'P:0,0;0,1;1,0;1,1;2,1',1796495807.0222451687);
INSERT INTO moves VALUES(7,'GEw5VtrEcCHR',1,1,'U:2,0;2,2;3,0;3,1;3,2',1796495807.0586528778);
INSERT INTO moves VALUES(8,'GEw5VtrEcCHR',2,0,'Y:0,1;1,1;2,1;2,2;3,1',1796495807.0651152133);
INSERT INTO moves VALUES(9,'GEw5VtrEcCHR',3,1,'X:1,-2;2,-3;2,-2;2,-1;3,-2',1796495807.1110830306);
INSERT INTO moves VALUES(10,'GEw5VtrEcCHR',4,0,'T:1,-2;2,-2;2,-1;2,0;3,-2',1796495807.1329903602);
INSERT INTO moves VALUES(11,'GEw5VtrEcCHR',5,1,'T:1,1;2,-1;2,0;2,1;3,1',1796495807.1617546081);
INSERT INTO moves VALUES(12,'GEw5VtrEcCHR',6,0,'N:4,0;4,1;5,1;5,2;5,3',1796495807.2015664577);
INSERT INTO moves VALUES(13,'GEw5VtrEcCHR',7,1,'W:3,0;4,0;4,1;5,1;5,2',1796495807.2547001838);
INSERT INTO moves VALUES(14,'GEw5VtrEcCHR',8,0,'V:4,2;4,3;4,4;5,4;6,4',1796495807.2941803932);
INSERT INTO moves VALUES(15,'GEw5VtrEcCHR',9,1,'F:3,2;4,2;4,3;4,4;5,3',1796495807.3334221839);
INSERT INTO moves VALUES(16,'GEw5VtrEcCHR',10,0,'L:4,0;4,1;4,2;4,3;5,3',1796495807.342803955);
INSERT INTO moves VALUES(17,'GEw5VtrEcCHR',11,1,'Z:3,1;4,1;4,2;4,3;5,3',1796495807.3673326969);
INSERT INTO moves VALUES(18,'GEw5VtrEcCHR',12,0,'U:0,-5;0,-4;0,-3;1,-5;1,-3',1796495807.3975083827);
INSERT INTO moves VALUES(19,'GEw5VtrEcCHR',13,1,'V:0,-5;0,-4;0,-3;1,-3;2,-3',1796495807.4532284736);
INSERT INTO moves VALUES(20,'GEw5VtrEcCHR',14,0,'W:0,-4;0,-3;1,-3;1,-2;2,-2',1796495807.4631762505);
INSERT INTO moves VALUES(21,'GEw5VtrEcCHR',15,1,'L:1,-2;2,-2;2,-1;2,0;2,1',1796495807.4951527119);
INSERT INTO moves VALUES(22,'GEw5VtrEcCHR',16,0,'Z:2,0;2,1;3,1;4,1;4,2',1796495807.5166442394);
INSERT INTO moves VALUES(23,'GEw5VtrEcCHR',17,1,'N:2,3;2,4;2,5;3,5;3,6',1796495807.5632755755);
INSERT INTO moves VALUES(24,'GEw5VtrEcCHR',18,0,'F:-2,3;-1,3;-1,4;0,2;0,3',1796495807.5875868797);
INSERT INTO moves VALUES(25,'GEw5VtrEcCHR',19,1,'Y:5,-1;6,-2;6,-1;6,0;6,1',1796495807.6293478011);
INSERT INTO moves VALUES(26,'GEw5VtrEcCHR',20,0,'X:-3,-5;-2,-6;-2,-5;-2,-4;-1,-5',1796495807.64512825);
INSERT INTO moves VALUES(27,'GEw5VtrEcCHR',21,1,'P:-2,5;-1,5;-1,6;0,5;0,6',1796495807.6745386123);
INSERT INTO moves VALUES(28,'GEw5VtrEcCHR',22,0,'I:-2,-11;-2,-10;-2,-9;-2,-8;-2,-7',1796495807.6866791247);
INSERT INTO moves VALUES(29,'GEw5VtrEcCHR',23,1,'I:-2,-9;-2,-8;-2,-7;-2,-6;-2,-5',1796495807.6931955814);
CREATE INDEX ix_tables_status ON tables (status);
CREATE INDEX ix_moves_table_id ON moves (table_id);
COMMIT;
